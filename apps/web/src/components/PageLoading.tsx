/** A spinner that needs no component library (the sign-in path stays light). */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'page-loading full' : 'page-loading'}
      role="status"
      aria-busy="true"
    >
      <span className="page-loading-spinner" />
    </div>
  );
}
