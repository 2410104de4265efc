/**
 * Where a reader is in a workspace's event feed: nothing at or below `floor`
 * is owed to it, and it has the events above the floor listed in `seen`.
 */
export interface FeedPosition {
  floor: string;
  seen: string[];
}
