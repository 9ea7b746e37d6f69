// The CAPTCHA the project's auth asks for once it is turned on (README, "Deploying"): GoTrue then refuses sign-in,
// sign-up, recovery and a resent confirmation without a solved challenge's token. Cloudflare Turnstile's widget
// (through @marsidev/react-turnstile) is shown only when config.json names its site key; without one (local
// development, the tests) nothing is shown and no token is sent, so the forms work as they always did.
import type { TurnstileInstance } from '@marsidev/react-turnstile';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError, captchaSiteKey } from 'shared-lib';

// Loaded only where a site key is configured: a site without a CAPTCHA never downloads the wrapper.
const Turnstile = lazy(() =>
  import('@marsidev/react-turnstile').then((module) => ({ default: module.Turnstile })),
);

const Challenge = styled.div`
  min-height: 65px; /* the widget's height, so the button below does not jump when it appears */
`;

export interface Captcha {
  /** The challenge, or null when no CAPTCHA is configured. */
  widget: ReactNode;
  /**
   * The token for one request, or undefined when no CAPTCHA is configured. A token is good for one request, so
   * taking it starts a new challenge for the next; an unsolved challenge is refused as GoTrue would refuse it
   * (`captcha_failed`, which describe-error words for people), before anything is sent.
   */
  take: () => string | undefined;
}

export function useCaptcha(): Captcha {
  const siteKey = captchaSiteKey();
  const widget = useRef<TurnstileInstance>(undefined);
  // A ref, not state: the submit reads the latest token without waiting for a render.
  const token = useRef<string | undefined>(undefined);
  const forget = () => {
    token.current = undefined;
  };
  return {
    widget: siteKey ? (
      <Challenge>
        <Suspense fallback={null}>
          <Turnstile
            ref={widget}
            siteKey={siteKey}
            onSuccess={(solved) => {
              token.current = solved;
            }}
            onExpire={forget}
            onError={forget}
            // 'auto' follows prefers-color-scheme, as the site's two palettes do.
            options={{ theme: 'auto', size: 'flexible' }}
          />
        </Suspense>
      </Challenge>
    ) : null,
    take: () => {
      if (!siteKey) return undefined;
      const taken = token.current;
      if (!taken) {
        throw new ApiError({
          message: 'The security check is not complete',
          code: 'captcha_failed',
          status: 400,
        });
      }
      forget();
      widget.current?.reset();
      return taken;
    },
  };
}
