/**
 * Answers remembered for texts that visitors send again and again (a phone's user agent, a
 * referrer), looked up without hashing the text.
 *
 * A request's headers are fresh strings, so a Map would hash each one anew on every view: for
 * a user agent of some 140 characters that cost more than the rest of counting the view. Here
 * a text is found among the few remembered ones of its length and compared with them, which
 * stops at the first character that differs. Each length keeps at most `perLength` texts, so a
 * client sending many look-alike texts makes no lookup dearer than that many comparisons; past
 * `max` texts in all, everything is forgotten at once and remembered afresh.
 */
export class RecentTexts<Value> {
  private readonly byLength = new Map<number, Array<{ text: string; value: Value }>>();
  private size = 0;

  constructor(private readonly limits: { max: number; perLength: number }) {}

  get(text: string): Value | undefined {
    const kept = this.byLength.get(text.length);
    if (kept === undefined) return undefined;
    for (const entry of kept) if (entry.text === text) return entry.value;
    return undefined;
  }

  set(text: string, value: Value): void {
    if (this.size >= this.limits.max) {
      this.byLength.clear();
      this.size = 0;
    }
    let kept = this.byLength.get(text.length);
    if (kept === undefined) this.byLength.set(text.length, (kept = []));
    // The oldest of its length makes way.
    if (kept.length >= this.limits.perLength) kept.shift();
    else this.size += 1;
    kept.push({ text, value });
  }
}
