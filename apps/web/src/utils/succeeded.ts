/**
 * Whether a call succeeded. The request layer has already shown a failure's message (docs/spec.md §8),
 * so callers only decide what follows a success.
 */
export const succeeded = (call: Promise<unknown>) =>
  call.then(
    () => true,
    () => false,
  );
