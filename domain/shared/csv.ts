/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break, and a leading = + - @ or tab
 * defused with an apostrophe (a spreadsheet would run it as a formula).
 */
export const csvCell = (value: string) => (/[",\n\r]/.test(value) || /^[=+\-@\t]/.test(value) ? `"${value.replace(/^([=+\-@\t])/, "'$1").replace(/"/g, '""')}"` : value);
