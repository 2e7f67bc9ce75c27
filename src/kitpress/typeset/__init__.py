"""Text set in type: markup, styles, fonts, icons, fitting text into its frame (reportlab's measuring door)."""
