import { outsideControlLane } from '../db/control-lane.js';

/**
 * What one module tells others that happened, after its transaction has committed (deadlines
 * moved, scores released): the listeners run at once, in the order they subscribed, and must not
 * throw. Modules get it passed in app.ts, so that neither imports the other. They run outside the
 * control lane (db/control-lane.ts): a deadline timer a resume re-arms is not a control call.
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
    outsideControlLane(() => {
      for (const listener of this.listeners) listener(news);
    });
  }
}
