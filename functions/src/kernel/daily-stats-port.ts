/**
 * The platform's figures per Nairobi day (GET /admin/stats/daily), as the money transactions count them on the day
 * items of the statistics shards. Apart from the admin queries: this read serves the admin Overview's charts alone.
 */

/** One day's counters, the sum of its shards; a counter never moved that day reads 0. Amounts in cents. */
export interface PlatformDayCounts {
  newUsers: number;
  deposits: number;
  depositsCents: number;
  payouts: number;
  payoutsCents: number;
  rewardsCents: number;
}

export interface DailyStatsSource {
  /**
   * The counters of every day from `fromDay` to `toDay` (Nairobi days `YYYY-MM-DD`, both included) that has any,
   * summed over the shards, in one round trip whatever the table size. Days with nothing counted are absent.
   */
  read(fromDay: string, toDay: string): Promise<Map<string, PlatformDayCounts>>;
}
