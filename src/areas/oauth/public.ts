// The oauth area's public entry: what other areas may import from it (architecture.test.ts
// allows only this file across areas). Everything else in the folder is its own business.
export type { ClientRegistry } from './registration.js';
export type { OAuthStore } from './store.js';
// The tool-server area serves the same authorize, token and register steps under each tenant's prefix.
export { oauthRoutes } from './routes.js';
