// The company console, at `/` of the company's host. NAV lists its screens; the ones still to come (guías de
// remisión, liquidaciones de compra, establecimientos, webhooks) join it with one line each when their API exists.
import type { ComponentChildren } from 'preact';
import { match, type Location, useLocation } from '../lib/router.ts';
import { startConsole } from '../ui/app.tsx';
import { Alert } from '../ui/feedback.tsx';
import { type NavItem, Page, Shell } from '../ui/shell.tsx';
import { DocumentPage } from './document.tsx';
import { Documents } from './documents.tsx';
import { Home } from './home.tsx';
import { Settings } from './settings.tsx';
import { Summaries } from './summaries.tsx';
import type { CompanySession } from './types.ts';

const NAV: NavItem[] = [
  { path: '/', label: 'Inicio' },
  { path: '/comprobantes', label: 'Comprobantes' },
  { path: '/resumenes', label: 'Resúmenes y bajas' },
  { path: '/configuracion', label: 'Configuración' },
];

const ROUTES: Array<
  [pattern: string, view: (params: Record<string, string>, location: Location) => ComponentChildren]
> = [
  ['/', () => <Home />],
  ['/comprobantes', (_, location) => <Documents location={location} />],
  ['/comprobantes/:id', ({ id }) => <DocumentPage id={id} />],
  ['/resumenes', (_, location) => <Summaries location={location} />],
  ['/configuracion', () => <Settings section={undefined} />],
  ['/configuracion/:section', ({ section }) => <Settings section={section} />],
];

function Screen({ location }: { location: Location }) {
  for (const [pattern, view] of ROUTES) {
    const params = match(pattern, location.path);
    if (params) return <>{view(params, location)}</>;
  }
  return (
    <Page title="Página no encontrada">
      <Alert tone="info">Esta dirección no existe en la consola.</Alert>
    </Page>
  );
}

function CompanyConsole({ session, logout }: { session: CompanySession; logout(): void }) {
  const location = useLocation();
  return (
    <Shell
      product={session.company.name}
      who={`${session.name} · ${session.email}`}
      nav={NAV}
      currentPath={location.path}
      onLogout={logout}
    >
      <Screen location={location} />
    </Shell>
  );
}

const subdomain = window.location.hostname.split('.')[0];

startConsole<CompanySession>({
  loginTitle: `Empresa ${subdomain}`,
  loginHint: 'Ingrese con el correo y la contraseña del usuario de su empresa.',
  children: (session, logout) => <CompanyConsole session={session} logout={logout} />,
});
