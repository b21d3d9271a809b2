// A message the reader must not miss: an error (role alert, read out at once) or a status (polite).
import type { ComponentChildren } from 'preact';

export function ErrorMessage({ error }: { readonly error: Error | undefined }) {
  if (error === undefined) return null;
  return (
    <p class="message error" role="alert">
      {error.message}
    </p>
  );
}

export function StatusMessage({ children }: { readonly children: ComponentChildren }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <p class="message status" role="status">
      {children}
    </p>
  );
}
