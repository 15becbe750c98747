// FlipbookSceneFile: scene JSON files in, validated Scenes out. One decoder per part
// (actions, touches, each layout's and each effect's fields in its own X+JSON.swift), one
// style: JSONField readers that name the path and position of every bad value. The decoder
// only reads and adds positions; the checks are the values' own (`Scene.validate()`).
