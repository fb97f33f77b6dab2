// Admin-host features (ADMIN_HOST), registered after the tenant features (src/app.ts).
// Add yours with one line: `adminFeature(tenantsRoutes)`.
import type { Feature } from '../platform/http/features.ts';

export const adminFeatures: Feature[] = [
];
