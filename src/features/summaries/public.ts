// What the rest of the application may use of the summaries feature: the resumen de reversiones' routes, which the
// perceptions and retentions features register beside their own (/api/{perceptions|retentions}/voided).
export { registerReversionRoutes } from './reversion-routes.ts';
