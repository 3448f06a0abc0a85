import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

export type Tile = {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
};

const tileClass =
  "flex min-h-16 items-start gap-3 rounded-lg border border-border bg-background p-4 shadow-sm";

function TileBody({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  return (
    <>
      <span className="rounded-md bg-secondary p-2 text-secondary-foreground" aria-hidden="true">
        <Icon className="size-5" />
      </span>
      <span className="grid gap-0.5">
        <span className="font-semibold group-hover:text-primary">{tile.title}</span>
        <span className="text-sm text-muted-foreground">{tile.description}</span>
      </span>
    </>
  );
}

export function LinkTile({ tile }: { tile: Tile }) {
  return (
    <Link
      to={tile.to}
      className={`group ${tileClass} transition-colors hover:border-primary hover:bg-secondary/40`}
    >
      <TileBody tile={tile} />
    </Link>
  );
}

export function TileSection({ title, tiles }: { title: string; tiles: Tile[] }) {
  const id = `section-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <LinkTile key={`${tile.to}-${tile.title}`} tile={tile} />
        ))}
      </div>
    </section>
  );
}
