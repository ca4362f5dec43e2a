/**
 * The end of a voice card: the last error as an alert (`error`, when the card shows it here rather
 * than under a field) and the last notice as a status line.
 */
export function CardOutcome({
  error,
  notice,
}: {
  error: { message: string } | null | undefined | false;
  notice: string | null | undefined;
}) {
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      {notice && (
        <p className="panel-status" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
