// Serving the built UI (the app's protocol, serve): the file a URL path names under the UI's folder, and the security headers every answer carries.
export { resolveHostedFile, SECURITY_HEADERS } from '../platform/hosting'
