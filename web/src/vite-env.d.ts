/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  readonly VITE_MAX_MONTHLY_RETURN_PERCENT?: string;
  readonly VITE_MIN_INVESTMENT_KES?: string;
  readonly VITE_REFERRAL_BONUS_KES?: string;
  readonly VITE_TRIAL_BALANCE_KES?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_HOURS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
