// Accounts the browser flows use. Flows that change an account (password, lockout, revoke)
// get one of their own, so flows never disturb each other or the demo accounts.
export const DEMO_PASSWORD = 'Huikao@2026';

export const FIXTURE_ACCOUNTS = {
  passwordChanger: { loginName: 'e2e_pwd', type: 1 },
  lockout: { loginName: 'e2e_lock', type: 1 },
  revoked: { loginName: 'e2e_revoke', type: 5 },
  // A teacher account: its landing screen (我的阅卷任务) asks the server nothing, so the forced change
  // is all the page shows; a student account without a student record would be refused (403) by 学科分析.
  forcedChange: { loginName: 'e2e_forced', type: 1 },
  // Two markers of the monitor flow's 题块 (e2e/support/marking-monitor-seed.ts).
  markerA: { loginName: 'e2e_marker_a', type: 1 },
  markerB: { loginName: 'e2e_marker_b', type: 1 },
  // The 题组长 of the quality flow's 题块 (e2e/support/marking-quality-seed.ts).
  qualityLead: { loginName: 'e2e_quality_lead', type: 1 },
} as const;

/** The in-process OpenID Connect provider's name on the login page, and its accounts (global-setup.ts). */
export const SSO_PROVIDER_NAME = '智慧校园';
export const SSO_ACCOUNTS: Record<string, { name: string; phone_number?: string; employee_number?: string }> = {
  /** teacher01, matched by 工号 (set at start-up from the seeded account). */
  'sso-teacher01': { name: '李明华' },
  /** Nobody of the platform. */
  'sso-stranger': { name: '陌生人', phone_number: '13911112222' },
};
