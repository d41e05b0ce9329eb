import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-context';
import type { SandboxProvider } from '../../payments/sandbox-provider/provider';

const providers = new WeakMap<AppDeps, SandboxProvider>();

export function registerSandboxProvider(deps: AppDeps, provider: SandboxProvider): void {
  providers.set(deps, provider);
}

/** The sandbox payment provider of an app (tests drain its queue and swap its transport). */
export function sandboxProviderOf(app: FastifyInstance): SandboxProvider {
  const provider = providers.get(app.deps);
  if (!provider) throw new Error('the cashier routes are not registered on this app');
  return provider;
}
