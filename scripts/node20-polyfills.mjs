// Vitest's failure report calls Map.groupBy, which Node 20 lacks (it arrived in Node 21). Without this, a failing
// test crashes the reporter instead of printing the failure.
if (typeof Map.groupBy !== "function") {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    return groups;
  };
}
