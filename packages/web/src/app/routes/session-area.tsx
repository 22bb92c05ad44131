/**
 * The chunk every route but the public pages loads first: the query cache, the route guard and
 * /dashboard's redirect, all of which need TanStack Query and the session.
 */
export { AppDataLayout } from '../app-data-layout';
export { DashboardRedirect } from '../dashboard-redirect';
export { RequireAuth } from '../route-guard';
