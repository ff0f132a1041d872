/**
 * `map`'s value for `key`, made by `make` the first time and kept. The map holds at most `limit`
 * entries: when it is full it starts again, so keys that keep coming (paths, text keys) cannot
 * grow it without end, and the ones in use are made again once.
 */
export function remembered<K, V>(map: Map<K, V>, key: K, limit: number, make: () => V): V {
  const known = map.get(key);
  if (known !== undefined) return known;
  const made = make();
  if (map.size >= limit) map.clear();
  map.set(key, made);
  return made;
}
