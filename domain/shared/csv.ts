/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break, and a leading = + - @ or tab
 * defused with an apostrophe (a spreadsheet would run it as a formula).
 */
export const csvCell = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@\t]/.test(value) ? `"${value.replace(/^([=+\-@\t])/, "'$1").replace(/"/g, '""')}"` : value);

/**
 * A CSV's rows and cells (RFC 4180: quoted cells with doubled quotes and line breaks inside, CRLF
 * or LF lines, a leading byte-order mark dropped). `separators`: the characters that end a cell;
 * a spreadsheet set to Russian saves with semicolons, so the redirects take both.
 */
export function parseCsv(text: string, separators = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (separators.includes(char)) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
