import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState } from 'react';
import { Input, type InputProps } from '../../components/ui/Input.tsx';

/** A password field with the lock icon and a Show/Hide password toggle. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'leading' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <Input
      {...props}
      type={shown ? 'text' : 'password'}
      leading={<Lock className="size-4.5" />}
      trailing={
        <button
          type="button"
          className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? (
            <EyeOff className="size-4.5" aria-hidden="true" />
          ) : (
            <Eye className="size-4.5" aria-hidden="true" />
          )}
        </button>
      }
    />
  );
}
