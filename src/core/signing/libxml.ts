// libxml2 (WebAssembly) canonicalisation: the same C library xmlsec1 and PHP's DOMNode::C14N use.
import { createHash, type Hash } from 'node:crypto';
import { XmlC14NMode, XmlDocument, type XmlNode } from 'libxml2-wasm';
import { canonicalizeDocument } from 'libxml2-wasm/lib/c14n.mjs';
import type { CanonicalizationSpec } from './algorithms.ts';

export interface C14nOptions {
  spec: CanonicalizationSpec;
  withComments?: boolean;
  inclusivePrefixes?: string[];
}

type C14nMode = (typeof XmlC14NMode)[keyof typeof XmlC14NMode];

function modeOf(spec: CanonicalizationSpec): C14nMode {
  return spec.mode === 'exclusive'
    ? XmlC14NMode.XML_C14N_EXCLUSIVE_1_0
    : spec.mode === 'c14n11'
      ? XmlC14NMode.XML_C14N_1_1
      : XmlC14NMode.XML_C14N_1_0;
}

export function parseXml(xml: string | Uint8Array): XmlDocument {
  // Bytes are decoded by libxml2 as their declaration says (UTF-8 or ISO-8859-1). A JS string is already
  // decoded: force UTF-8 so that a declared encoding="ISO-8859-1" does not make libxml2 decode it twice.
  if (typeof xml !== 'string') return XmlDocument.fromBuffer(xml);
  return XmlDocument.fromString(xml, { encoding: 'utf-8' });
}

/** Hash of the canonical form of the whole document, streamed from libxml2 into the hash (no big string). */
export function hashCanonicalDocument(doc: XmlDocument, options: C14nOptions, hash: string): Buffer {
  const h: Hash = createHash(hash);
  canonicalizeDocument(
    {
      write(buf: Uint8Array) {
        h.update(buf);
        return buf.length;
      },
      close() {
        return true;
      },
    },
    doc,
    {
      mode: modeOf(options.spec),
      withComments: options.withComments ?? options.spec.withComments,
      inclusiveNamespacePrefixes: options.inclusivePrefixes,
    },
  );
  return h.digest();
}

/**
 * Canonical form of one element and its subtree, with the namespaces (and xml:* attributes) of its context.
 * A node-set filter is ~4× faster than libxml2-wasm's subtree helper (whose visibility callback builds a JS
 * wrapper per node of the whole document) and gives the same bytes.
 */
export function canonicalSubtree(node: XmlNode, options: C14nOptions): Buffer {
  const chunks: Buffer[] = [];
  canonicalizeDocument(
    {
      write(buf: Uint8Array) {
        chunks.push(Buffer.from(buf));
        return buf.length;
      },
      close() {
        return true;
      },
    },
    node.doc,
    {
      mode: modeOf(options.spec),
      withComments: options.withComments ?? options.spec.withComments,
      inclusiveNamespacePrefixes: options.inclusivePrefixes,
      nodeSet: new Set([node]),
    },
  );
  return Buffer.concat(chunks);
}
