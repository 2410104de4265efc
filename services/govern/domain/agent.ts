/** A registered agent of a workspace. Times are epoch ms. */
export interface Agent {
  id: string;
  workspaceId: string;
  name: string;
  description: string | null;
  createdAt: number;
}
