// Locking (with the reason that is recorded with its author) or unlocking a company or a reseller: one dialog for both.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useSubmit } from '../lib/hooks.ts';
import { Dialog } from '../ui/dialog.tsx';
import { ErrorAlert } from '../ui/feedback.tsx';
import { Button, Field, Form } from '../ui/form.tsx';

interface LockDialogProps {
  /** What is locked: "EMPRESA S.A.C.", "a Contadores". */
  subject: string;
  locking: boolean;
  /** Under the reason when locking. */
  lockHint: string;
  /** What unlocking means, instead of the reason. */
  unlockText: ComponentChildren;
  /** Calls the API; returns the message to show. */
  apply(reason: string): Promise<string>;
  onClose(): void;
  onDone(message: string): void;
}

export function LockDialog({ subject, locking, lockHint, unlockText, apply, onClose, onDone }: LockDialogProps) {
  const [reason, setReason] = useState('');
  const submit = useSubmit(async () => {
    onDone(await apply(reason.trim()));
    return null;
  });
  return (
    <Dialog title={`${locking ? 'Bloquear' : 'Desbloquear'} ${subject}`} onClose={onClose}>
      <ErrorAlert error={submit.error} />
      <Form onSubmit={() => submit.run()}>
        {locking ? (
          <Field
            label="Motivo del bloqueo"
            name="reason"
            value={reason}
            onValue={setReason}
            required
            maxLength={500}
            error={submit.error}
            hint={lockHint}
          />
        ) : (
          <p>{unlockText}</p>
        )}
        <div class="form-actions">
          <Button type="submit" variant={locking ? 'danger' : 'primary'} busy={submit.busy}>
            {locking ? 'Bloquear' : 'Desbloquear'}
          </Button>
          <Button onClick={onClose}>Cancelar</Button>
        </div>
      </Form>
    </Dialog>
  );
}
