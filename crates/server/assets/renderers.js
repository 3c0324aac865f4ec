// The board renderer of each layout a variant declares (GET /api/variants, `VariantInfo.layout`):
// boards side by side or in a grid, or timelines × turns.

import { BoardGrid } from './board-grid.js';
import { TimelinesBoard } from './timelines-board.js';

/** The renderer class of each layout name. */
export const RENDERERS = { grid: BoardGrid, timelines: TimelinesBoard };
