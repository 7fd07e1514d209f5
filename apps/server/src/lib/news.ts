/**
 * What one module tells others that happened, after its transaction has committed (deadlines
 * moved, scores released): the listeners run at once, in the order they subscribed, and must not
 * throw. Modules get it passed in app.ts, so that neither imports the other.
 */
export class News<T> {
  private readonly listeners: ((news: T) => void)[] = [];

  /** Answers how to stop listening (an app closed while the news lives on). */
  subscribe(listener: (news: T) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  publish(news: T) {
    for (const listener of this.listeners) listener(news);
  }
}
