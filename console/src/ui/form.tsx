// Form controls that are labelled, say what is wrong next to the field (the API's message for that path) and are
// reachable by keyboard; the browser's own controls, styled.
import type { ButtonHTMLAttributes, ComponentChildren, PartialInputHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import type { ApiError } from '../lib/api.ts';

interface FieldProps extends Omit<PartialInputHTMLAttributes<HTMLInputElement>, 'onInput' | 'value' | 'label'> {
  label: string;
  value?: string;
  onValue?(value: string): void;
  hint?: ComponentChildren;
  /** The API error whose item for `path` (default: the field's name) is shown under the field. */
  error?: ApiError | null;
  path?: string;
}

function described(id: string, hint: unknown, message: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A control's hint and the API's message for it, which the control names in aria-describedby. */
function Notes({ id, hint, message }: { id: string; hint: ComponentChildren; message: string | undefined }) {
  return (
    <>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {message && (
        <p class="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </>
  );
}

export function Field({ label, value, onValue, hint, error, path, name, ...input }: FieldProps) {
  const id = useId();
  const message = error?.fieldMessage(path ?? String(name ?? ''));
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        onInput={onValue ? (e) => onValue((e.currentTarget as HTMLInputElement).value) : undefined}
        aria-invalid={message ? 'true' : undefined}
        aria-describedby={described(id, hint, message)}
        // Preact types an <input>'s attributes by its type; the caller's come typed loosely.
        {...(input as Record<string, unknown>)}
      />
      <Notes id={id} hint={hint} message={message} />
    </div>
  );
}

interface SelectProps {
  label: string;
  name: string;
  value: string;
  onValue(value: string): void;
  options: Array<[value: string, label: string]>;
  error?: ApiError | null;
  hint?: ComponentChildren;
}

export function Select({ label, name, value, onValue, options, error, hint }: SelectProps) {
  const id = useId();
  const message = error?.fieldMessage(name);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
        aria-invalid={message ? 'true' : undefined}
        aria-describedby={described(id, hint, message)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <Notes id={id} hint={hint} message={message} />
    </div>
  );
}

export function Checkbox(props: { label: string; name: string; checked: boolean; onChecked(value: boolean): void }) {
  const id = useId();
  return (
    <div class="field field-check">
      <input
        id={id}
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChecked((e.currentTarget as HTMLInputElement).checked)}
      />
      <label for={id}>{props.label}</label>
    </div>
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  children?: ComponentChildren;
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  busy?: boolean;
}

export function Button({ variant = 'secondary', busy, children, type = 'button', disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      class={`button button-${variant}`}
      disabled={disabled || busy}
      aria-busy={busy ? 'true' : undefined}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A form whose submit never reloads the page. */
export function Form(props: { onSubmit(): void; children: ComponentChildren; class?: string; label?: string }) {
  return (
    <form
      class={props.class ?? 'form'}
      aria-label={props.label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
    </form>
  );
}
