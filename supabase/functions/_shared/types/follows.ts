// Follow an organiser (issue 27): what the api answers about one follow, and the organiser's count.
export interface FollowState {
  following: boolean;
}

export interface FollowerCount {
  count: number;
}
