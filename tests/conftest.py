"""Make `import kitpress` work from a plain checkout (the package lives under src/)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))
TOOLS = ROOT / "tools"  # the benchmark's synthetic game, which tests build too
if str(TOOLS) not in sys.path:
    sys.path.append(str(TOOLS))


# -- a throwaway copy of the project to break (test_layout_errors, test_images, test_print_edges)

import shutil  # noqa: E402

import pytest  # noqa: E402

KIT_GAME = "state-in-class"


class KitProject:
    """content/ and layouts/ copied into a temporary folder that is also the working
    directory, so problems show paths like layouts/state-in-class/event-front.yaml."""

    def __init__(self, root: Path):
        self.root = root
        self.game_dir = root / "content" / KIT_GAME
        self.layout_dir = root / "layouts" / KIT_GAME

    def edit(self, rel: str, old: str, new: str) -> str:
        """Replace `old` (which must occur exactly once) by `new` in one file; return the new text."""
        path = self.root / rel
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {rel}"
        edited = text.replace(old, new)
        path.write_text(edited, encoding="utf-8")
        return edited

    @staticmethod
    def line_of(text: str, marker: str) -> int:
        """1-based line of `marker`, which must occur exactly once in `text`."""
        assert text.count(marker) == 1, f"{marker!r} occurs {text.count(marker)} times"
        return text[: text.index(marker)].count("\n") + 1

    def options(self, **options):
        from kitpress.build.pipeline import BuildOptions

        return BuildOptions(**options)

    def compose(self, **options):
        from kitpress.build.pipeline import Project, compose_game

        return compose_game(Project(self.root), KIT_GAME, self.options(**options))

    def build(self, **options):
        from kitpress.build.pipeline import Project, build_game

        return build_game(Project(self.root), KIT_GAME, self.options(**options))

    def compose_error(self, **options):
        """The KitpressError that composing raises (the test fails if it does not)."""
        from kitpress.errors import KitpressError

        with pytest.raises(KitpressError) as info:
            self.compose(**options)
        return info.value


@pytest.fixture
def kit_project(tmp_path, monkeypatch) -> KitProject:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    monkeypatch.chdir(root)
    return KitProject(root)


@pytest.fixture
def mini_project(tmp_path, monkeypatch) -> Path:
    """The fixture game (tests/fixture: one of every feature, small) in a project of its own,
    with kitpress's common layouts; also the working directory. Its root is returned."""
    root = tmp_path / "mini-project"
    shutil.copytree(ROOT / "tests" / "fixture", root)
    shutil.copytree(ROOT / "layouts" / "common", root / "layouts" / "common")
    monkeypatch.chdir(root)
    return root


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", help="Rewrite tests/goldens/ from what kitpress makes now.")


# -- the fast loop: `pytest -m "not slow"` ---------------------------------------------------------
# Modules that build whole kits, start processes or a browser, or fuzz: everything in them is
# `slow` (CI runs them all; a developer's quick loop leaves them out).
SLOW_MODULES = {
    "test_export",
    "test_printshop",
    "test_i18n_exchange",
    "test_hostile",
    "test_hardening",
    "test_incremental",
    "test_site",
    "test_fuzz",
    "test_every_pdf",
    "test_print_edges",
    "test_sources",
    "test_soviet_system",
    "test_teachers",
    "test_kit_pdfs",
    "test_preview",
    "test_life_cards",
    "test_kittext",
    "test_class_struggle",
    "test_compare_kits",
    "test_wheel",
    "test_tutorial",
    "test_warm",
    "test_serve",
    "test_page_boxes",
    "test_spreadsheets",  # builds the fixture's kit from YAML, CSV and XLSX to compare its cards
}


# and the heaviest tests of the other modules, a second or more each (`pytest --durations=0`):
# most compose or build a shipped kit several times; the rest parse bombs or whole font files
SLOW_TESTS = {
    # on a fresh machine each makes a face of Noto Sans CJK TrueType first (~30 s; then cached)
    "test_scripts::test_japanese_breaks_between_characters_within_its_frame",
    "test_scripts::test_chinese_is_drawn_in_its_own_cjk_face",
    "test_reread::test_random_edits_of_a_deck_give_what_a_whole_parse_gives",
    "test_batches::test_a_batched_deck_is_one_file_with_every_card_once_in_order",
    "test_batches::test_one_card_edited_redraws_only_its_batch",
    "test_batches::test_one_core_and_two_cores_make_the_same_bytes",
    "test_batches::test_text_that_does_not_fit_in_a_worker_is_reported_at_its_place_and_nothing_is_written",
    "test_cli_errors::test_a_card_bigger_than_any_paper_asks_for_a_smaller_card",
    "test_cli_errors::test_a_card_bigger_than_the_paper_is_located_at_its_size",
    "test_cli_errors::test_a_declaration_is_still_refused_at_its_line",
    "test_cli_errors::test_a_die_net_whose_face_is_its_own_layout_is_a_located_cycle",
    "test_cli_errors::test_a_face_whose_net_leads_back_is_a_located_cycle",
    "test_cli_errors::test_a_track_of_its_own_board_is_a_located_cycle",
    "test_cli_errors::test_an_unclosed_comment_before_a_face_is_the_error_not_the_face",
    "test_cli_errors::test_an_unclosed_comment_is_located",
    "test_cli_errors::test_comments_in_markup_print_nothing",
    "test_counts::test_a_bad_count_is_one_error_at_the_cards_field",
    "test_counts::test_a_bad_number_of_blanks_is_one_error_at_the_decks_blanks",
    "test_counts::test_a_deck_of_more_cards_than_the_bound_is_an_error_at_its_copies",
    "test_counts::test_a_deck_whose_every_count_is_0_has_no_cards_at_the_deck",
    "test_counts::test_a_setting_of_0_prints_none_of_that_card",
    "test_counts::test_copies_naming_a_text_field_is_an_error_at_the_first_cards_field",
    "test_counts::test_each_card_is_printed_as_many_times_as_its_count_says",
    "test_errors_catalogue::test_a_documented_mistake_prints_its_example_again",
    "test_features::test_cut_circle_draws_a_circle_on_each_token_and_no_crop_marks",
    "test_features::test_gutter_0_butts_the_cards_together_and_keeps_the_bleed_outside",
    "test_features::test_no_backs_prints_only_the_fronts",
    "test_features::test_rotated_text_is_drawn_turned_in_the_pdf",
    "test_features::test_when_leaves_out_a_frame_on_the_cards_it_is_false_for",
    "test_features::test_tables_stamps_each_copy_and_the_same_sources_make_the_same_bytes",
    "test_features::test_check_says_how_each_deck_fits_and_the_smaller_card_it_names_does_fit_more",
    "test_features::test_a_back_per_card_sees_the_card_it_backs_and_prints_behind_it",
    "test_features::test_a_sheet_template_puts_that_many_cards_on_a_sheet",
    "test_features::test_an_index_with_no_term_marked_prints_nothing_and_warns_where_it_is",
    "test_features::test_the_build_says_how_each_deck_fits_and_its_manifest_keeps_it",
    "test_features::test_small_decks_that_share_sheets_take_one_sheet_each_card_with_its_own_back",
    "test_features::test_a_fit_group_gives_every_card_of_the_deck_the_size_its_longest_title_needs",
    "test_fonts::test_a_file_that_is_not_a_truetype_font_is_refused",
    "test_i18n::test_a_dropped_placeholder_fails_check_build_and_status",
    "test_i18n::test_a_translated_build_prints_the_translation_and_falls_back_for_the_rest",
    "test_i18n::test_a_translation_that_overflows_names_the_language_file_line",
    "test_i18n::test_a_translation_with_a_character_no_font_has_names_its_place",
    "test_i18n::test_every_file_validates_against_its_json_schema_and_says_so",
    "test_i18n::test_problems_of_a_translated_build_say_their_language",
    "test_i18n::test_stale_until_confirmed_and_strict_status",
    "test_i18n::test_the_real_kits_fit_as_pseudo_text",
    "test_i18n::test_the_source_templates_are_current",
    "test_i18n::test_the_summary_of_the_russian_soviet_system",
    "test_images::test_a_decompression_bomb_is_refused_quickly",
    "test_images::test_a_real_image_is_drawn_on_the_card",
    "test_layout_errors::test_a_character_no_font_has_is_located",
    "test_layout_errors::test_layout_mistake_is_reported_at_its_place",
    "test_markup_attributes::test_the_shipped_layouts_use_only_attributes_their_elements_read",
    "test_markup_limits::test_a_number_out_of_range_in_a_layout_or_style_is_one_located_error",
    "test_migrate::test_migrate_rewrites_only_the_old_forms_and_the_kit_prints_the_same",
    "test_scene::test_the_dump_says_what_the_pdfs_print",
    "test_markup_limits::test_hostile_markup_in_a_card_frame_is_one_located_error",
    "test_markup_limits::test_hostile_markup_is_one_located_error",
    "test_markup_limits::test_no_nan_or_inf_reaches_a_pdf",
    "test_printer_check::test_card_backs_move_as_the_offset_says_seen_from_the_front",
    "test_printer_check::test_the_printer_checks_cross_moves_with_the_offset",
    "test_discovery::test_the_shipped_examples_are_listed_as_such_and_never_written",
    "test_fonts::test_a_font_the_project_lacks_is_kitpresss_and_one_it_has_is_its_own",
    "test_layout_schemas::test_the_shipped_layout_files_are_valid_by_their_schemas",
    "test_markuplang::test_migrate_rewrites_the_old_markup_forms_and_the_kit_prints_the_same",
    "test_migrate::test_migrate_rewrites_old_boxes_in_flow_and_block_style_and_the_kit_prints_the_same",
    "test_layout_params::test_one_back_layout_prints_each_decks_own_colour",
    "test_questions::test_each_class_each_era_and_each_topic_has_its_share",
    "test_questions::test_no_two_questions_ask_the_same_thing",
    "test_questions::test_the_spread_table_in_the_docs_is_current",
    "test_soviet_box::test_526_question_cards_500_of_them_with_three_questions_and_26_jokers",
    "test_template_budgets::test_a_hostile_template_ends_soon_in_a_located_error_naming_its_budget",
    "test_template_budgets::test_all_the_renders_of_a_build_share_one_budget",
    "test_template_budgets::test_the_shipped_games_stay_far_under_every_budget",
    "test_usercache::test_cached_hyphenation_patterns_break_words_as_pyphen_does",
    "test_yamlio::test_a_collection_of_20000_cards_is_read_whole",
    "test_yamlio::test_a_document_of_too_many_values_is_refused_before_it_is_built",
    "test_yamlio::test_alias_bomb_is_refused_quickly",
    "test_yamlio::test_deep_nesting_is_refused_without_recursion",
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = item.module.__name__.rsplit(".", 1)[-1]
        if module in SLOW_MODULES or f"{module}::{item.originalname}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
    # a name left in SLOW_TESTS after its test was renamed would let the test back into the fast loop
    modules = {item.module.__name__.rsplit(".", 1)[-1]: item.module for item in items}
    stale = sorted(
        name for name in SLOW_TESTS if name.split("::")[0] in modules and not hasattr(modules[name.split("::")[0]], name.split("::")[1])
    )
    if stale:
        raise pytest.UsageError("tests/conftest.py SLOW_TESTS names tests that do not exist: " + ", ".join(stale))
