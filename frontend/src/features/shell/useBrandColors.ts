import { useEffect } from 'react';
import { DEFAULT_BRAND_COLORS } from '#contracts/values';
import { useGetBrandColorsQuery } from '../preferences/api.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

export function applyBrandColors(color1: string, color2: string, root = document.documentElement): void {
  root.style.setProperty('--brand-1', HEX.test(color1) ? color1 : DEFAULT_BRAND_COLORS.color1);
  root.style.setProperty('--brand-2', HEX.test(color2) ? color2 : DEFAULT_BRAND_COLORS.color2);
}

/** The agency's brand colours on --brand-1/--brand-2 (spec §3); the defaults without an agency. */
export function useBrandColors(agencyId: string | null | undefined): void {
  const { data } = useGetBrandColorsQuery(agencyId ?? '', { skip: !agencyId });
  useEffect(() => {
    if (agencyId && data) applyBrandColors(data.color1, data.color2);
    else applyBrandColors(DEFAULT_BRAND_COLORS.color1, DEFAULT_BRAND_COLORS.color2);
  }, [agencyId, data]);
  useEffect(() => () => applyBrandColors(DEFAULT_BRAND_COLORS.color1, DEFAULT_BRAND_COLORS.color2), []);
}
