import { Check, X } from 'lucide-react';
import { messages, passwordChecklist } from '@korrigo/domain';
import { cn } from '@/lib/cn';

const rules = (['minLength', 'uppercase', 'digit'] as const).map((key) => ({
  key,
  label: messages.web.passwordRules[key],
}));

/** spec 000 §5 password rules, ticked off while typing. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const checks = passwordChecklist(password);
  return (
    <ul id={id} className="flex flex-col gap-1 text-sm" aria-label="Passwort-Anforderungen">
      {rules.map((rule) => {
        const met = checks[rule.key];
        const Icon = met ? Check : X;
        return (
          <li
            key={rule.key}
            data-met={met}
            className={cn('flex items-center gap-2', met ? 'text-green-800' : 'text-slate-600')}
          >
            <Icon
              aria-hidden="true"
              className={cn('size-4 shrink-0', met ? 'text-green-700' : 'text-slate-500')}
            />
            <span>
              {rule.label}
              <span className="sr-only">{met ? ' (erfüllt)' : ' (nicht erfüllt)'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
