import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { type Credentials, setCredentials } from './authSlice.ts';
import { authErrorMessage, CognitoError } from './cognito.ts';
import { exchangeAuthorizationCode } from './oauth.ts';
import { credentialsFromTokens } from './session.ts';

// An authorization code can be redeemed once: React's development double effects must share one exchange.
const exchanges = new Map<string, Promise<Credentials>>();

function exchangeOnce(url: URL): Promise<Credentials> {
  const key = url.search;
  let exchange = exchanges.get(key);
  if (!exchange) {
    exchange = exchangeAuthorizationCode(getAppConfig(), url).then(({ tokens, terms }) =>
      credentialsFromTokens(tokens, terms),
    );
    exchanges.set(key, exchange);
  }
  return exchange;
}

/** /authentication/callback: where the OAuth authorize page sends the browser back with a code. */
export function OAuthCallbackPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    exchangeOnce(new URL(window.location.href)).then(
      (credentials) => {
        if (!active) return;
        dispatch(setCredentials(credentials));
        navigate(paths.profile, { replace: true });
      },
      (caught: unknown) => {
        if (!active) return;
        setError(
          caught instanceof CognitoError
            ? authErrorMessage('signIn', caught)
            : caught instanceof Error
              ? caught.message
              : authErrorMessage('signIn', caught),
        );
      },
    );
    return () => {
      active = false;
    };
  }, [dispatch, navigate]);

  return (
    <AuthLayout title={error ? "Couldn't sign you in" : 'Signing you in…'}>
      <div className="mt-8">
        {error ? (
          <>
            <Alert>{error}</Alert>
            <Button asChild size="lg" fullWidth className="mt-6">
              <Link to={paths.login} replace>
                Back to sign in
              </Link>
            </Button>
          </>
        ) : (
          <div className="flex items-center gap-3 text-slate-600">
            <Spinner className="size-5 text-brand-2" label="Signing you in" />
            Completing sign-in with Google…
          </div>
        )}
      </div>
    </AuthLayout>
  );
}
