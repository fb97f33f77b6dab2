// Tenant-host and any-host features, registered in this order after the platform (src/app.ts). This list is part
// of the composition: the one module outside a feature that may import its routes directly.
// Add yours with one line: `tenantFeature(documentsRoutes)` or `anyHostFeature(consultasRoutes)`.
import type { Feature } from '../platform/http/features.ts';
import { anyHostFeature, tenantFeature } from '../platform/http/features.ts';
import { companyRoutes } from './company/routes.ts';
import { consultasRoutes } from './consultas/routes.ts';
import { documentsRoutes } from './documents/routes.ts';
import { dispatchesRoutes } from './dispatches/routes.ts';
import { downloadsRoutes } from './downloads/routes.ts';
import { emailRoutes } from './email/routes.ts';
import { emailSettingsRoutes } from './email/settings-routes.ts';
import { establishmentsRoutes } from './establishments/routes.ts';
import { seriesRoutes } from './company/series-routes.ts';
import { companySettingsRoutes } from './company/settings-routes.ts';
import { sunatCheckRoutes } from './company/sunat-check-routes.ts';
import { tokensRoutes } from './company/tokens-routes.ts';
import { perceptionsRoutes } from './perceptions/routes.ts';
import { purchaseSettlementsRoutes } from './purchase-settlements/routes.ts';
import { retentionsRoutes } from './retentions/routes.ts';
import { servicesRoutes } from './services/routes.ts';
import { statusRoutes } from './status/routes.ts';
import { summariesRoutes } from './summaries/routes.ts';
import { webhooksRoutes } from './webhooks/routes.ts';
import { whatsappRoutes } from './whatsapp/routes.ts';
import { whatsappSettingsRoutes } from './whatsapp/settings-routes.ts';

export const features: Feature[] = [
  tenantFeature(companyRoutes, { name: 'company' }),
  tenantFeature(establishmentsRoutes, { name: 'establishments' }),
  tenantFeature(seriesRoutes, { name: 'series' }),
  tenantFeature(companySettingsRoutes, { name: 'company-settings' }),
  tenantFeature(sunatCheckRoutes, { name: 'company-sunat-check' }),
  tenantFeature(tokensRoutes, { name: 'tokens' }),
  tenantFeature(documentsRoutes, { name: 'documents' }),
  tenantFeature(perceptionsRoutes, { name: 'perceptions' }),
  tenantFeature(retentionsRoutes, { name: 'retentions' }),
  tenantFeature(purchaseSettlementsRoutes, { name: 'purchase-settlements' }),
  tenantFeature(dispatchesRoutes, { name: 'dispatches' }),
  tenantFeature(statusRoutes, { name: 'status' }),
  tenantFeature(servicesRoutes, { name: 'services' }),
  tenantFeature(summariesRoutes, { name: 'summaries' }),
  tenantFeature(downloadsRoutes, { name: 'downloads' }),
  anyHostFeature(consultasRoutes, { name: 'consultas' }),
  anyHostFeature(whatsappRoutes, { name: 'whatsapp' }),
  tenantFeature(whatsappSettingsRoutes, { name: 'whatsapp-settings' }),
  tenantFeature(emailRoutes, { name: 'email' }),
  tenantFeature(emailSettingsRoutes, { name: 'email-settings' }),
  tenantFeature(webhooksRoutes, { name: 'webhooks' }),
];
