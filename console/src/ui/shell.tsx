// The frame of every screen: a skip button, the header (product, who is logged in, logout), the navigation and the
// main region. A screen's title is focused when it opens, so a screen reader announces the new page.
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import { href } from '../lib/router.ts';

export interface NavItem {
  /** The route's path (`/comprobantes`); the item is current for it and the paths under it. */
  path: string;
  label: string;
}

interface ShellProps {
  product: string;
  who: string;
  nav: NavItem[];
  currentPath: string;
  onLogout(): void;
  children: ComponentChildren;
}

function isCurrent(item: NavItem, path: string): boolean {
  return item.path === '/' ? path === '/' : path === item.path || path.startsWith(`${item.path}/`);
}

export function Shell({ product, who, nav, currentPath, onLogout, children }: ShellProps) {
  const main = useRef<HTMLElement>(null);
  return (
    <div class="shell">
      <button type="button" class="skip" onClick={() => main.current?.focus()}>
        Saltar al contenido
      </button>
      <header class="topbar">
        <a class="brand" href={href('/')}>
          Facturo <span class="brand-sub">{product}</span>
        </a>
        <div class="who">
          <span class="who-name">{who}</span>
          <button type="button" class="button button-link" onClick={onLogout}>
            Cerrar sesión
          </button>
        </div>
      </header>
      <nav class="nav" aria-label="Secciones">
        <ul>
          {nav.map((item) => (
            <li key={item.path}>
              <a href={href(item.path)} aria-current={isCurrent(item, currentPath) ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1} class="main">
        {children}
      </main>
    </div>
  );
}

/** A screen: its title (focused on open), an optional line of actions, its content. */
export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    document.title = `${props.title} · Facturo`;
  }, [props.title]);
  return (
    <section class="page">
      <div class="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {props.title}
        </h1>
        {props.actions && <div class="page-actions">{props.actions}</div>}
      </div>
      {props.children}
    </section>
  );
}

export function Section(props: { title: string; children: ComponentChildren }) {
  const id = useId();
  return (
    <section class="card" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}
