/** The stages the deploy checks synthesize: the default dev stage and a prod stage with its go-live values. */
export const STAGE_FIXTURES = [
  { stage: "dev", prefix: "JengaFund-Dev" },
  { stage: "prod", prefix: "JengaFund-Prod" },
] as const;

export type SynthStage = (typeof STAGE_FIXTURES)[number]["stage"];
