// Admin-host features (ADMIN_HOST), registered after the tenant features (src/app.ts).
// Add yours with one line: `adminFeature(tenantsRoutes)`.
import type { Feature } from '../platform/http/features.ts';
import { adminFeature } from '../platform/http/features.ts';
import { guestRoutes } from './guest-routes.ts';
import { loginRoutes } from './login-routes.ts';
import { partnersRoutes } from './partners-routes.ts';
import { plansRoutes } from './plans-routes.ts';
import { resellerAccountsRoutes } from './reseller-accounts-routes.ts';
import { resellerRoutes } from './reseller-routes.ts';
import { adminSessionRoutes, tenantSessionRoutes } from './session-routes.ts';
import { tenantLoginRoutes } from './tenant-login-routes.ts';
import { resellersAdminRoutes } from './resellers-admin-routes.ts';
import { tenantsRoutes } from './tenants-routes.ts';
import { usageRoutes } from './usage-routes.ts';

export const adminFeatures: Feature[] = [
  adminFeature(loginRoutes, { name: 'admin-login' }),
  adminFeature(tenantsRoutes, { name: 'admin-tenants' }),
  adminFeature(plansRoutes, { name: 'admin-plans' }),
  adminFeature(resellerRoutes, { name: 'admin-resellers' }),
  adminFeature(resellersAdminRoutes, { name: 'admin-reseller-accounts' }),
  adminFeature(resellerAccountsRoutes, { name: 'admin-reseller-list' }),
  adminFeature(guestRoutes, { name: 'admin-guest-register' }),
  adminFeature(partnersRoutes, { name: 'admin-partners' }),
  adminFeature(usageRoutes, { name: 'admin-usage' }),
  // A company's own login (its route says hostKind 'tenant'): here because it shares the login throttle.
  adminFeature(tenantLoginRoutes, { name: 'tenant-login' }),
  // The web console's sessions on both hosts (the company's route says hostKind 'tenant'): they share the logins.
  adminFeature(adminSessionRoutes, { name: 'admin-session' }),
  adminFeature(tenantSessionRoutes, { name: 'tenant-session' }),
];
