export type OtpFlow = 'email' | 'phone' | 'none';
export type OtpStepType = 'email' | 'phone';

export interface OtpFlowRules {
  /** Flow per registration source or traffic source (registration source wins). */
  bySource: Record<string, OtpFlow>;
  /** Flow when neither source is listed. */
  defaultFlow: OtpFlow;
}

export interface OtpStep {
  type: OtpStepType;
  completed: boolean;
}

/**
 * Which confirmations a flow asks for: 'email' confirms the email, 'phone' confirms the phone,
 * 'none' asks nothing. Steps already done (confirmed contacts) are reported as completed.
 */
export function otpFlowFor(
  sources: { registrationSource: string | undefined; trafficSource: string | undefined },
  rules: OtpFlowRules,
  confirmed: { email: boolean; phone: boolean },
): { flow: OtpFlow; steps: OtpStep[] } {
  const pick = (source: string | undefined): OtpFlow | undefined =>
    source !== undefined && Object.hasOwn(rules.bySource, source) ? rules.bySource[source] : undefined;
  const flow = pick(sources.registrationSource) ?? pick(sources.trafficSource) ?? rules.defaultFlow;
  const steps: OtpStep[] = flow === 'none' ? [] : [{ type: flow, completed: confirmed[flow] }];
  return { flow, steps };
}
