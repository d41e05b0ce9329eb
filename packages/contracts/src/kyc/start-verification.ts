import { z } from 'zod';

/** The sandbox identity provider's scenarios a test may ask for (docs/kyc-and-redeem.md). */
export const SANDBOX_SCENARIO_NAMES = ['approve', 'survey', 'apple_pay', 'reject', 'apple_pay_reject', 'duplicate'] as const;
export type SandboxScenarioName = (typeof SANDBOX_SCENARIO_NAMES)[number];

/** POST /rest/player/verification/start/: starts auto-verification; answers the widget to open on `#verify`. */
export const ZStartVerificationRequest = z.strictObject({ testScenario: z.enum(SANDBOX_SCENARIO_NAMES).optional() });
export type StartVerificationRequest = z.infer<typeof ZStartVerificationRequest>;

export const ZStartVerificationResponse = z.object({
  success: z.literal(true),
  data: z.object({ reference: z.string(), widgetUrl: z.string(), provider: z.string(), hash: z.literal('#verify') }),
});
export type StartVerificationResponse = z.infer<typeof ZStartVerificationResponse>;
