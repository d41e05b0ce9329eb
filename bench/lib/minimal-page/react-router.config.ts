import type { Config } from '@react-router/dev/config';

// The baseline of bench/page-serving.bench.ts: a minimal React Router app, built like the player site.
export default { appDirectory: 'app', buildDirectory: 'build', ssr: true } satisfies Config;
