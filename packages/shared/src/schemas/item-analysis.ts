/** Item analysis and the dashboard's figures (issue 15 §4, §5): being written. */
export {};
