/**
 * Source files of the demo project are written once, in their final form,
 * with line guards that say in which stage of a work stream each line exists:
 *
 *   `@3|code`        the line exists from stage 3 of the template's own stream on
 *   `@..3|code`      ... before stage 3
 *   `@2..5|code`     ... from stage 2, before stage 5
 *   `@http:2|code`   ... from stage 2 of the `http` stream
 *
 * Lines without a guard always exist. A stream at stage -1 does not exist yet.
 * Rendering a template at successive stages gives the file's history.
 */
export type Stages = Readonly<Record<string, number>>;

const GUARD = /^@(?:([\w.-]+):)?(\d*)(?:\.\.(\d+))?\|/;

export function renderStaged(template: string, stages: Stages, own: string): string {
  const out: string[] = [];
  for (const line of template.replace(/^\n/, '').split('\n')) {
    const guard = GUARD.exec(line);
    if (!guard) {
      out.push(line);
      continue;
    }
    const stage = stages[guard[1] ?? own] ?? -1;
    const from = guard[2] ? Number(guard[2]) : 0;
    const to = guard[3] === undefined ? Number.POSITIVE_INFINITY : Number(guard[3]);
    if (stage >= from && stage < to) out.push(line.slice(guard[0].length));
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
