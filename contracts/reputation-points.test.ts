import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  REPUTATION_ACTIVITIES,
  REPUTATION_ACTIVITY_TYPES,
  reachedAchievements,
} from './reputation-points.ts';

describe('the reputation rules', () => {
  it('give every activity positive points, once in the table', () => {
    expect(Object.keys(REPUTATION_ACTIVITIES).sort()).toEqual([...REPUTATION_ACTIVITY_TYPES].sort());
    for (const rule of Object.values(REPUTATION_ACTIVITIES)) expect(rule.points).toBeGreaterThan(0);
  });

  it('name each achievement once, with thresholds rising per metric', () => {
    expect(new Set(ACHIEVEMENTS.map((rule) => rule.id)).size).toBe(ACHIEVEMENTS.length);
    for (const metric of ['points', 'propertyCount', 'verifiedDeals', 'connections'] as const) {
      const thresholds = ACHIEVEMENTS.filter((rule) => rule.metric === metric).map((rule) => rule.threshold);
      expect(thresholds.length).toBeGreaterThan(0);
      expect([...thresholds].sort((a, b) => a - b)).toEqual(thresholds);
    }
  });

  it('reach the milestones the counters have passed, and only those', () => {
    const reached = reachedAchievements({ points: 100, propertyCount: 10, verifiedDeals: 0, connections: 9 });
    expect(reached.map((rule) => rule.id)).toEqual([
      'first-property',
      'ten-properties',
      'first-connection',
      'points-100',
    ]);
  });
});
