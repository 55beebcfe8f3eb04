// Tool-server configuration errors, named after their wire codes.
import { notFound, unauthorized } from '../../core/errors.js';

/** No release by that id, or its tool-server exposure is absent or disabled. */
export const mcpConfigNotFound = () => notFound('Tool-server configuration');

/** `allowAnonymousMcp: false` and no valid Bearer token or API key of the release's workspace. */
export const mcpCredentialRequired = (message = 'This tool server needs a Bearer access token or an API key') => unauthorized(message);
