/** A list kept in (createdAt, id) order, so "newest first" is a walk from the end. */
export class SortedByTime<T extends { createdAt: number; id: string }> {
  readonly items: T[] = [];

  insert(item: T): void {
    this.items.splice(this.#after(item), 0, item);
  }

  /** Puts `next` where the item of the same time and id is (a record replaced by its next version). */
  replace(next: T): void {
    const at = this.#after(next) - 1;
    if (at < 0 || compare(this.items[at]!, next) !== 0) throw new Error(`no item ${next.id} at ${next.createdAt} to replace`);
    this.items[at] = next;
  }

  /** The index after the last item that sorts before `item` or with it. */
  #after(item: T): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.items[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  newestFirst(limit: number): T[] {
    return this.items.slice(Math.max(0, this.items.length - limit)).reverse();
  }
}

function compare(a: { createdAt: number; id: string }, b: { createdAt: number; id: string }): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
