// Two `replab matrix --json` tables of the same setup and bounds, compared
// cell by cell: wherever the first (the reference: every cell its own
// search, `--each`, or an older build) settled a cell, the second must say
// the same: complete and safe, or the same kind of violation in the same
// number of steps. A cell the reference left cut is only reported, and so are
// cells whose states differ, by how the second settled them (a covered cell
// shows the states of the search that covered it; an older build's model may
// differ in states, never in verdicts). Every
// violation of the second is written as a scenario file into OUT_DIR, for
// `replab check` to replay. Prints one line; exit 1 on any difference.
//
//   node same-answers.mjs REFERENCE.json OTHER.json OUT_DIR
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [referencePath, otherPath, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: node same-answers.mjs REFERENCE.json OTHER.json OUT_DIR');
  process.exit(2);
}
const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
const key = (c) => `${c.protocol} min.insync=${c.min_insync} unclean=${c.unclean} ${c.failures}`;
const verdict = (c) => (c.violation ? `${c.violation.kind} in ${c.violation.length}` : c.complete ? 'none' : 'cut');

const reference = new Map(read(referencePath).map((c) => [key(c), c]));
const other = read(otherPath);
mkdirSync(outDir, { recursive: true });
const differ = [];
let compared = 0;
let cutBefore = 0;
let sameStates = 0;
const otherStates = new Map();
let violations = 0;
for (const c of other) {
  const r = reference.get(key(c));
  if (!r) {
    differ.push(`${key(c)}: not in the reference`);
    continue;
  }
  reference.delete(key(c));
  if (c.violation) {
    writeFileSync(join(outDir, `cell-${++violations}.scn`), c.violation.script);
  }
  if (!r.violation && !r.complete) {
    cutBefore += 1;
    continue;
  }
  compared += 1;
  if (verdict(r) !== verdict(c)) differ.push(`${key(c)}: ${verdict(r)} before, ${verdict(c)} now`);
  else if (r.states === c.states) sameStates += 1;
  else {
    const how = c.settled ?? 'searched';
    otherStates.set(how, [...(otherStates.get(how) ?? []), `${key(c)} ${r.states} -> ${c.states}`]);
  }
}
for (const k of reference.keys()) differ.push(`${k}: missing`);
console.log(`${compared} cells compared, ${compared - differ.length} the same (${sameStates} with the same states); ` +
  `${cutBefore} cut in the reference, settled now: ${other.filter((c) => c.violation || c.complete).length} of ${other.length}; ` +
  `${violations} histories written to ${outDir}`);
for (const [how, list] of otherStates) {
  console.log(`  other states, ${how}: ${list.length}` + (how === 'covered' ? '' : `: ${list.join('; ')}`));
}
for (const d of differ) console.log(`  DIFFERENT ${d}`);
process.exit(differ.length ? 1 : 0);
