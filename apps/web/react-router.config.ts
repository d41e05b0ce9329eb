import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest ships as one cached asset. The default ("lazy") matched every prefix of
  // a page's path while rendering it (CPU growing with the square of the segments) and served a
  // /__manifest endpoint whose cost grew with the paths a request listed: docs/security.md.
  routeDiscovery: { mode: 'initial' },
  // React Router 8's behaviours, not taken yet: saying so explicitly silences the future-flag warnings.
  future: { v8_middleware: false, v8_splitRouteModules: false, v8_viteEnvironmentApi: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
} satisfies Config;
