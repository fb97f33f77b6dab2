// Reads every .ts file under <root>/src, lists its imports with the TypeScript scanner (static, type-only,
// re-exports, dynamic `import()`, `import('x').T` type queries, module augmentations — comments and strings are
// not imports) and judges each one against ./rules.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import {
  ENTRY_LAYERS,
  FEATURE_PUBLIC_MODULE,
  FEATURE_REGISTRY,
  LAYER_OF_PREFIX,
  MAY_IMPORT,
  PACKAGE_RULES,
  ROOT_LAYER,
  type Layer,
} from './rules.ts';

export interface Violation {
  /** Repository-relative path, `/`-separated. */
  file: string;
  line: number;
  specifier: string;
  rule: string;
  message: string;
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') ? [path] : [];
    });
}

export function layerOf(file: string): Layer | null {
  for (const [prefix, layer] of LAYER_OF_PREFIX) if (file.startsWith(prefix)) return layer;
  return /^src\/[^/]+\.ts$/.test(file) ? ROOT_LAYER : null;
}

/** `src/features/<name>/…` → name; the registry and anything else → null. */
function featureOf(file: string): string | null {
  const match = /^src\/features\/([^/]+)\//.exec(file);
  return match ? match[1] : null;
}

/** The file a relative specifier names (specifiers carry their extension; a folder means its index.ts). */
function resolveRelative(root: string, fromFile: string, specifier: string): string {
  const target = resolve(root, dirname(fromFile), specifier);
  const candidates = [target, `${target}.ts`, join(target, 'index.ts')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? target;
  return toPosix(relative(root, found));
}

/** `node:fs/promises` → `fs/promises`; `@scope/pkg/sub` and `pkg/sub` keep their subpath (rules match prefixes). */
function bareName(specifier: string): string {
  return specifier.startsWith('node:') ? specifier.slice(5) : specifier;
}

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function judgeRelative(file: string, fromLayer: Layer, target: string): Pick<Violation, 'rule' | 'message'> | null {
  const toLayer = layerOf(target);
  if (toLayer === null) return { rule: 'outside-src', message: `imports ${target}, which belongs to no layer of src/` };
  if (!MAY_IMPORT[fromLayer].includes(toLayer)) {
    return { rule: 'layers', message: `${fromLayer} may not import ${toLayer} (${target})` };
  }
  if (target === FEATURE_REGISTRY) {
    return fromLayer === ROOT_LAYER
      ? null
      : { rule: 'feature-registry', message: `only the composition root imports ${FEATURE_REGISTRY}` };
  }
  const targetFeature = featureOf(target);
  if (targetFeature === null || file === FEATURE_REGISTRY || featureOf(file) === targetFeature) return null;
  if (fromLayer === 'features') {
    return {
      rule: 'feature-leaf',
      message: `imports the ${targetFeature} feature (${target}): features are leaves; move what they share below them (src/api, src/delivery, src/tenancy)`,
    };
  }
  if (ENTRY_LAYERS.includes(fromLayer) && target === `src/features/${targetFeature}/${FEATURE_PUBLIC_MODULE}`)
    return null;
  return {
    rule: 'feature-public-module',
    message: `reaches into the ${targetFeature} feature (${target}); an entry point imports src/features/${targetFeature}/${FEATURE_PUBLIC_MODULE} only`,
  };
}

function judgePackage(fromLayer: Layer, specifier: string): Pick<Violation, 'rule' | 'message'> | null {
  const name = bareName(specifier);
  for (const rule of PACKAGE_RULES) {
    if (rule.layers.includes(fromLayer) && rule.forbids.test(name)) {
      return { rule: rule.name, message: `${fromLayer} may not import ${specifier}: ${rule.why}` };
    }
  }
  return null;
}

/** Every violation of the rules under <root>/src, in file order. An empty list means the boundaries hold. */
export function checkBoundaries(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const path of sourceFiles(join(root, 'src'))) {
    const file = toPosix(relative(root, path));
    const text = readFileSync(path, 'utf8');
    const fromLayer = layerOf(file);
    if (fromLayer === null) {
      violations.push({
        file,
        line: 1,
        specifier: '',
        rule: 'unplaced',
        message: 'this file belongs to no layer: place its folder in scripts/boundaries/rules.ts',
      });
      continue;
    }
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const specifier = imported.fileName;
      const verdict = specifier.startsWith('.')
        ? judgeRelative(file, fromLayer, resolveRelative(root, file, specifier))
        : judgePackage(fromLayer, specifier);
      if (verdict) violations.push({ file, line: lineAt(text, imported.pos), specifier, ...verdict });
    }
  }
  return violations;
}

export function formatViolation(v: Violation): string {
  return `${v.file}:${v.line}  [${v.rule}] ${v.message}`;
}
