import type { ServiceContext } from '../../lib/context';
import type { PaymentProvider } from './provider';
import { SandboxProvider } from './sandbox.provider';

const providers = new WeakMap<ServiceContext, PaymentProvider>();

/** The configured provider of this server (config.payments.provider), one per server context. */
export function paymentProvider(ctx: ServiceContext): PaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    // PAYMENT_PROVIDER names the only provider this version runs (decision 43); a real aggregator's class is chosen here.
    provider = new SandboxProvider(ctx);
    providers.set(ctx, provider);
  }
  return provider;
}
