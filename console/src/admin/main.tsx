// The admin console, at `/` of the admin host. An admin sees every screen; a reseller its companies (only its own:
// the admin API scopes them), the plans and their usage.
import type { ComponentChildren } from 'preact';
import { match, type Location, useLocation } from '../lib/router.ts';
import { startConsole } from '../ui/app.tsx';
import { Alert } from '../ui/feedback.tsx';
import { type NavItem, Page, Shell } from '../ui/shell.tsx';
import { Companies } from './companies.tsx';
import { Partners, Plans, UsagePage } from './others.tsx';
import { Resellers } from './resellers.tsx';
import type { AdminSession } from './types.ts';

type View = (session: AdminSession, location: Location) => ComponentChildren;

const SCREENS: Array<NavItem & { view: View; adminOnly?: boolean }> = [
  { path: '/empresas', label: 'Empresas', view: (s, l) => <Companies session={s} location={l} /> },
  { path: '/planes', label: 'Planes', view: () => <Plans /> },
  { path: '/distribuidores', label: 'Distribuidores', view: () => <Resellers />, adminOnly: true },
  { path: '/partners', label: 'Partners de restaurantes', view: (_, l) => <Partners location={l} />, adminOnly: true },
  { path: '/uso', label: 'Uso por cliente', view: (_, l) => <UsagePage location={l} /> },
];

function AdminConsole({ session, logout }: { session: AdminSession; logout(): void }) {
  const location = useLocation();
  const screens = SCREENS.filter((s) => !s.adminOnly || session.role === 'admin');
  const path = location.path === '/' ? '/empresas' : location.path;
  const screen = screens.find((s) => match(s.path, path));
  return (
    <Shell
      product={session.role === 'admin' ? 'Administración' : 'Distribuidor'}
      who={`${session.name} · ${session.email}`}
      nav={screens}
      currentPath={path}
      onLogout={logout}
    >
      {screen ? (
        screen.view(session, location)
      ) : (
        <Page title="Página no encontrada">
          <Alert tone="info">Esta dirección no existe en la consola.</Alert>
        </Page>
      )}
    </Shell>
  );
}

startConsole<AdminSession>({
  loginTitle: 'Administración',
  loginHint: 'Administradores y distribuidores.',
  children: (session, logout) => <AdminConsole session={session} logout={logout} />,
});
