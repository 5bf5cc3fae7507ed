import { describe, expect, it } from 'vitest';
import { PLANS } from '#contracts/plans';
import { overLimitNotice, planDifferences, planFeatures, planPrice } from './planTerms.ts';

describe('plan terms', () => {
  it('prices and features read from the plans table', () => {
    expect(planPrice(0)).toBe('Free');
    expect(planPrice(3900)).toBe('$39');
    expect(planFeatures(PLANS.Superagent)).toEqual([
      '10 properties',
      '25 clients',
      '25 connections',
      '1 website',
      '1 GB storage',
      'EstateNet branding',
      '1 team seat',
    ]);
    expect(planFeatures(PLANS.AgencyPlus)).toContain('1 TB storage');
  });

  it('lists only what differs, marking what the new plan lowers', () => {
    expect(planDifferences(PLANS.Superagent, PLANS.Agent)).toEqual([
      { label: 'Properties', from: '10', to: 'Unlimited', lower: false },
      { label: 'Clients', from: '25', to: 'Unlimited', lower: false },
      { label: 'Connections', from: '25', to: 'Unlimited', lower: false },
      { label: 'Websites', from: '1', to: '3', lower: false },
      { label: 'Storage', from: '1 GB', to: '50 GB', lower: false },
      { label: 'Custom branding', from: 'Not included', to: 'Included', lower: false },
    ]);
    const down = planDifferences(PLANS.AgencyPlus, PLANS.Essential);
    expect(down.every((difference) => difference.lower)).toBe(true);
    expect(down.map((difference) => difference.label)).toEqual([
      'Websites',
      'Storage',
      'Custom branding',
      'Team seats',
    ]);
    expect(planDifferences(PLANS.Agent, PLANS.Agent)).toEqual([]);
  });

  it('says what happens to what is over the new limit, and nothing when it fits', () => {
    expect(overLimitNotice('clients', 25, PLANS.Superagent)).toBeNull();
    expect(overLimitNotice('clients', 30, PLANS.Essential)).toBeNull();
    expect(overLimitNotice('properties', 11, PLANS.Superagent)).toBe(
      "You have 11 properties; the Free Plan allows 10 properties. Nothing is deleted, but you can't add more until you have fewer than 10.",
    );
    expect(overLimitNotice('storage', 3 * 1024 ** 3, PLANS.Superagent)).toBe(
      "You use 3 GB of storage; the Free Plan includes 1 GB. Your files stay, but you can't upload more until you're under 1 GB.",
    );
  });
});
