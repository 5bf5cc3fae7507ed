import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { openPaywall } from '../paywall/paywallSlice.ts';
import { useLazyGetFeatureLimitQuery } from '../preferences/api.ts';

/**
 * Add Property (header, mobile bar and Mail): first asks GET /api/feature-limits/properties. A 402 opens
 * the paywall through the base query; a plan at its limit opens the limit modal; otherwise it navigates.
 * Any other failure navigates anyway: the server checks the limit again when the property is added.
 */
export function useAddProperty() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [checkLimit] = useLazyGetFeatureLimitQuery();
  const [checking, setChecking] = useState(false);

  const addProperty = useCallback(async () => {
    if (checking) return;
    setChecking(true);
    try {
      const result = await checkLimit('properties', false);
      const error = result.error as { status?: unknown } | undefined;
      if (error?.status === 402) return;
      if (result.data?.isAtLimit) {
        dispatch(
          openPaywall({
            reason: 'usage_limit_reached',
            message: "You've reached the properties limit of your plan. Upgrade to add more properties.",
            action: 'upgrade',
            feature: 'properties',
            current: result.data.current,
            maximum: result.data.maximum,
          }),
        );
        return;
      }
      navigate(paths.addProperty);
    } finally {
      setChecking(false);
    }
  }, [checking, checkLimit, dispatch, navigate]);

  return { addProperty, checking };
}
