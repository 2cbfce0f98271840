/** Avatar initials (R-SITE-4): the first two letters of the display name, upper-cased. */
export function initialsOf(name: string): string {
  return name.trim().slice(0, 2).toUpperCase();
}
