// What the rest of the application may use of the company feature (the tenant's account: provisioning, its
// API token, plan limits and usage metering). Other features, the admin host, the CLI and the composition root
// import from here, never from the files beside it.
export { ensureDemoTenant, keepDemoToken, type DemoTenant } from './demo.ts';
export { checkSecretsKey } from './secrets-key-check.ts';
export { installPlanLimits } from './plan-limits.ts';
export { provisionTenant, resellerLimitReached, type ProvisionTenantInput } from './provision.ts';
export { rotateTenantToken } from './rotate-token.ts';
export { issueLoginToken } from './tokens-service.ts';
export { installUsageCounter } from './usage-counter.ts';
export { companyPdfFormat, withCompanyPrintSettings } from './print-settings.ts';
export { AddressBody } from './profile-schemas.ts';
export { FirstEstablishmentBody, withFirstEstablishment } from './first-establishment.ts';
export { logoMimeType } from './logo.ts';
export { presentSmtp } from './presenter.ts';
export { SmtpViewSchema } from './schemas.ts';
